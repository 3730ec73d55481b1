import { waitUntil, watchFor } from '../harness/waitUntil';
import { call, sendFax, USERS } from '../harness/emulatorHttp';
import { useEmulator } from '../harness/jest/emulator';
import { faxCalls } from './faxCalls';

/** An image that cannot be downloaded: 404, a lasting 500, or an empty answer. */

const emu = useEmulator();
const api = faxCalls(emu);

const image = (direction: 'inbound' | 'outbound', id: string, format = 'pdf') =>
	api.get(`${direction}faxes/${id}/image`, USERS.alice, { FaxContentType: format });

describe('image faults', () => {
	test('notFound, serverError (every request) and empty, each on its own fax only', async () => {
		const [ok, missing, broken, empty] = emu().control.injectInbound({
			userId: USERS.alice.userId,
			count: 4,
		});
		emu().control.setImageFault('inbound', missing.FaxId, 'notFound');
		const set = await call('POST', `${emu().urls.control}/inbound/${broken.FaxId}/image-fault`, {
			json: { fault: 'serverError' },
		});
		expect(set.status).toBe(200);
		emu().control.setImageFault('inbound', empty.FaxId, 'empty');

		const good = await image('inbound', ok.FaxId);
		expect(good.status).toBe(200);
		expect(good.body.subarray(0, 5).toString()).toBe('%PDF-');

		const notFound = await image('inbound', missing.FaxId);
		expect(notFound.status).toBe(404);
		expect(notFound.json.RequestStatus.StatusCode).toBe(70);

		for (let i = 0; i < 3; i++) {
			const failed = await image('inbound', broken.FaxId, 'tif');
			expect(failed.status).toBe(500);
			expect(failed.json.RequestStatus.StatusCode).toBe(99);
		}

		const nothing = await image('inbound', empty.FaxId);
		expect(nothing.status).toBe(200);
		expect(nothing.headers['content-type']).toBe('application/pdf');
		expect(nothing.body.length).toBe(0);

		// The record itself is untouched; clearing the fault serves the image again.
		const record = await api.get(`inboundfaxes/${missing.FaxId}`, USERS.alice);
		expect(record.status).toBe(200);
		emu().control.setImageFault('inbound', missing.FaxId, null);
		expect((await image('inbound', missing.FaxId)).status).toBe(200);
	});

	test('outbound faxes too; unknown faults and faxes are refused', async () => {
		const sent = await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		const faxId = sent.json.FaxInfo[0].FaxId;
		emu().control.setImageFault('outbound', faxId, 'notFound');
		expect((await image('outbound', faxId)).status).toBe(404);
		const unknown = await call('POST', `${emu().urls.control}/outbound/${faxId}/image-fault`, {
			json: { fault: 'slow' },
		});
		expect(unknown.status).toBe(400);
		expect(unknown.json.error).toMatch(/notFound, serverError, empty, noAnswer/);
		expect(() => emu().control.setImageFault('inbound', 999, 'empty')).toThrow(/no inbound fax/);
		emu().control.reset();
		const again = await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		expect((await image('outbound', again.json.FaxInfo[0].FaxId)).status).toBe(200);
	});

	test('noAnswer holds the image request without an answer until the fault is cleared', async () => {
		const [fax] = emu().control.injectInbound({ userId: USERS.alice.userId });
		emu().control.setImageFault('inbound', fax.FaxId, 'noAnswer');
		const path = `^/v1/inboundfaxes/${fax.FaxId}/image$`;
		const held = image('inbound', fax.FaxId);
		await waitUntil(
			'the image request',
			() => emu().control.requests({ path }).length === 1,
			5_000,
			20,
		);
		// Some hundreds of milliseconds later it is still not answered.
		await watchFor(
			'the held image request answered',
			() => emu().control.requests({ path })[0].finishedMs !== undefined,
			300,
		);
		expect(emu().control.requests({ path })[0].finishedMs).toBeUndefined();
		emu().control.setImageFault('inbound', fax.FaxId, null);
		const answer = await held;
		expect(answer.status).toBe(200);
		expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
	});
});
