// Entry point of the repository (not of the published package, which n8n loads through the
// "n8n" section of package.json): the built node and credential classes, for harness scripts
// and benchmarks that drive them outside n8n. Run `npm run build` first.
const path = require('node:path');
const { n8n } = require('./package.json');

const load = (file) => {
	const exported = require(path.join(__dirname, file));
	return Object.values(exported)[0];
};

module.exports = {
	nodes: Object.fromEntries(n8n.nodes.map((file) => [path.basename(file, '.node.js'), load(file)])),
	credentials: Object.fromEntries(
		n8n.credentials.map((file) => [path.basename(file, '.credentials.js'), load(file)]),
	),
};
