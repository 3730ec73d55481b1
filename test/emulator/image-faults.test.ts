import { waitUntil, watchFor } from '../harness/waitUntil';
import { USERS } from '../harness/emulatorHttp';
import { expectAnswer, useEmulatorCalls } from './faxCalls';

/** An image that cannot be downloaded: 404, a lasting 500, or an empty answer. */

const { emu, api } = useEmulatorCalls();

const image = (direction: 'inbound' | 'outbound', id: string, format = 'pdf') =>
	api.get(`${direction}faxes/${id}/image`, USERS.alice, { FaxContentType: format });
const setFault = (direction: string, id: string, fault: string) =>
	api.control('POST', `/${direction}/${id}/image-fault`, { fault });

test('notFound, serverError (every request) and empty, each on its own fax only', async () => {
	const fourForAlice = { userId: 'alice@acme', count: 4 };
	const [ok, missing, broken, empty] = emu().control.injectInbound(fourForAlice);
	emu().control.setImageFault('inbound', missing.FaxId, 'notFound');
	expect((await setFault('inbound', broken.FaxId, 'serverError')).status).toBe(200);
	emu().control.setImageFault('inbound', empty.FaxId, 'empty');

	const good = await image('inbound', ok.FaxId);
	expect(good.status).toBe(200);
	expect(good.body.subarray(0, 5).toString()).toBe('%PDF-');
	expectAnswer(await image('inbound', missing.FaxId), 404, 70);
	for (let i = 0; i < 3; i++) expectAnswer(await image('inbound', broken.FaxId, 'tif'), 500, 99);
	const nothing = await image('inbound', empty.FaxId);
	expect(nothing.status).toBe(200);
	expect(nothing.headers['content-type']).toBe('application/pdf');
	expect(nothing.body.length).toBe(0);

	// The record itself is untouched; clearing the fault serves the image again.
	expect((await api.get(`inboundfaxes/${missing.FaxId}`, USERS.alice)).status).toBe(200);
	emu().control.setImageFault('inbound', missing.FaxId, null);
	expect((await image('inbound', missing.FaxId)).status).toBe(200);
});

test('outbound faxes too; unknown faults and faxes are refused', async () => {
	const faxId = String(await api.sendId({ FaxNumber: '12125550000' }));
	emu().control.setImageFault('outbound', faxId, 'notFound');
	expect((await image('outbound', faxId)).status).toBe(404);
	const unknown = await setFault('outbound', faxId, 'slow');
	expect(unknown.status).toBe(400);
	expect(unknown.json.error).toMatch(/notFound, serverError, empty, noAnswer/);
	expect(() => emu().control.setImageFault('inbound', 999, 'empty')).toThrow(/no inbound fax/);
	emu().control.reset();
	const again = await api.sendId({ FaxNumber: '12125550000' });
	expect((await image('outbound', String(again))).status).toBe(200);
});

test('noAnswer holds the image request without an answer until the fault is cleared', async () => {
	const [fax] = emu().control.injectInbound({ userId: USERS.alice.userId });
	emu().control.setImageFault('inbound', fax.FaxId, 'noAnswer');
	const logged = () => emu().control.requests({ path: `^/v1/inboundfaxes/${fax.FaxId}/image$` });
	const held = image('inbound', fax.FaxId);
	await waitUntil('the image request', () => logged().length === 1, 5_000, 20);
	// Some hundreds of milliseconds later it is still not answered.
	await watchFor(
		'the held image request answered',
		() => logged()[0].finishedMs !== undefined,
		300,
	);
	expect(logged()[0].finishedMs).toBeUndefined();
	emu().control.setImageFault('inbound', fax.FaxId, null);
	const answer = await held;
	expect(answer.status).toBe(200);
	expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
});
