import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { FaxCloud } from '../../../nodes/FaxCloud/FaxCloud.node';

/**
 * Mail merge Create (CSV from a binary file) and port-in read two files from one input item; the
 * notice tells a user whose files arrive on two items how to join them. It is shown where the two
 * files are asked for, and nowhere else.
 */

const description = new FaxCloud().description;
const notices = description.properties.filter((p) => p.name === 'twoFilesNotice');

/** Whether n8n's editor shows the notice for these parameter values (n8n's own display rules). */
const shown = (notice: INodeProperties, parameters: INodeParameters) =>
	NodeHelpers.displayParameter(parameters, notice, { typeVersion: 2 }, description);

test('one notice per operation that takes two files', () => {
	expect(notices).toHaveLength(2);
});

test.each([
	[
		{ resource: 'mailMergeJob', operation: 'create', csvSource: 'binary' },
		/CSV and the PDF template/,
	],
	[{ resource: 'numberRequest', operation: 'portIn' }, /LOA and the bill/],
])('%o: the notice says how to get both files onto one item', (parameters, files) => {
	const visible = notices.filter((notice) => shown(notice, parameters));
	expect(visible).toHaveLength(1);
	expect(visible[0].displayName).toMatch(files);
	expect(visible[0].displayName).toMatch(/Merge node: Combine, By Position/);
});

test.each([
	{ resource: 'mailMergeJob', operation: 'create', csvSource: 'items' },
	{ resource: 'mailMergeJob', operation: 'get' },
	{ resource: 'numberRequest', operation: 'tollFree' },
	{ resource: 'outboundFax', operation: 'send' },
])('%o: no two-files notice', (parameters) => {
	expect(notices.filter((notice) => shown(notice, parameters))).toHaveLength(0);
});
