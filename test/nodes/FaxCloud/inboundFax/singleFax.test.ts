import { useFaxSuite } from '../outboundFax/faxHelpers';
import { succeeded, unauthorizedHidingSecret } from '../faxCloudExpect';

const { emulator, run, requests } = useFaxSuite('inboundFax');

const receive = (fields: Record<string, string | number> = {}) =>
	Number(emulator().control.injectInbound({ userId: 'alice@acme', fields })[0].FaxId);

const on = (operation: string, faxId: number | string, parameters = {}, options = {}) =>
	run(operation, { faxId: String(faxId), ...parameters }, options);

const storedFax = (faxId: number) =>
	emulator()
		.control.inboundAll()
		.find((fax) => fax.FaxId === String(faxId));

describe('Inbound Fax: Get, Download, Update, Delete, Mark, Unmark', () => {
	test('Get returns the record with numbers, booleans and UTC datetimes', async () => {
		const faxId = receive({ PagesReceived: 3 });
		const result = await on('get', faxId).then(succeeded);
		expect(result.items[0].json).toMatchObject({
			FaxId: faxId,
			FaxUserId: 'alice@acme',
			PagesReceived: 3,
			Mark: false,
			ReceivedTime: '2026-01-05T09:00:00.000Z',
			CreateTime: '2026-01-05T09:00:00.000Z',
		});
		expect(requests('GET')[0].path).toBe(`/v1/inboundfaxes/${faxId}`);
	});

	test('Download as TIFF asks for image/tiff; Get asks for JSON', async () => {
		const faxId = receive();
		await on('get', faxId);
		const result = await on('download', faxId, { format: 'tif', binaryPropertyName: 'data' });
		expect(result.items[0].binary?.data.mimeType).toBe('image/tiff');
		expect(requests('GET').map((request) => [request.path, request.accept])).toEqual([
			[`/v1/inboundfaxes/${faxId}`, 'application/json'],
			[`/v1/inboundfaxes/${faxId}/image`, 'image/tiff'],
		]);
	});

	test('Download with a wrong password is a 401 without the secret', async () => {
		const faxId = receive();
		const download = { format: 'tif', binaryPropertyName: 'data' };
		const result = await on('download', faxId, download, { password: 'Tiff-Secret-1' });
		unauthorizedHidingSecret(result, 'Tiff-Secret-1');
	});

	test('Update sends Mark, ProjectCode and ProjectCode2 and reports what changed', async () => {
		const faxId = receive();
		const result = await on('update', faxId, {
			updateFields: { mark: true, projectCode: 'ACC-9', projectCode2: 'claims' },
		});
		expect(result.items[0].json).toEqual({
			FaxId: faxId,
			Mark: true,
			ProjectCode: 'ACC-9',
			ProjectCode2: 'claims',
			success: true,
		});
		const [request] = requests('PUT');
		const sent = { Mark: 'true', ProjectCode: 'ACC-9', ProjectCode2: 'claims' };
		expect(request.path).toBe(`/v1/inboundfaxes/${faxId}`);
		expect(request.params).toEqual(sent);
		expect(storedFax(faxId)).toMatchObject(sent);
	});

	test('Update with an empty Project Code clears it', async () => {
		const faxId = receive({ ProjectCode: 'OLD' });
		await on('update', faxId, { updateFields: { projectCode: '' } });
		expect(requests('PUT')[0].params).toEqual({ ProjectCode: '' });
		expect(storedFax(faxId)?.ProjectCode).toBe('');
	});

	test('Mark and Unmark', async () => {
		const faxId = receive();
		const marked = await on('mark', faxId);
		expect(marked.items[0].json).toEqual({ FaxId: faxId, Mark: true, success: true });
		const unmarked = await on('unmark', faxId);
		expect(unmarked.items[0].json).toEqual({ FaxId: faxId, Mark: false, success: true });
		expect(requests('PUT').map((request) => request.params)).toEqual([
			{ Mark: 'true' },
			{ Mark: 'false' },
		]);
	});

	test('Delete removes the fax', async () => {
		const faxId = receive();
		const deleted = await on('delete', faxId);
		expect(deleted.items[0].json).toEqual({ FaxId: faxId, deleted: true, success: true });
		expect(requests('DELETE')[0].path).toBe(`/v1/inboundfaxes/${faxId}`);
		expect(storedFax(faxId)?.deleted).toBe(true);
	});
});
