// n8n loads this package through the "n8n" section of package.json (dist/ paths);
// this entry point only exists so that `require('n8n-nodes-fax-cloud')` resolves.
module.exports = {};
