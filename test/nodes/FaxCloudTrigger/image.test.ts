import { watchTrigger, useTriggerEmulator, receive } from './triggerHelpers';

const emu = useTriggerEmulator();

describe('Fax Cloud Trigger: Attach Fax Image', () => {
	test.each([
		['pdf', 'application/pdf'],
		['tif', 'image/tiff'],
	])(
		'as %s: the image request asks for %s (Accept), the search for JSON',
		async (attachImage, mimeType) => {
			const [fax] = receive(emu);
			const trigger = watchTrigger(emu, { event: 'newInboundFax', attachImage });

			const items = await trigger.pollItems('manual');
			expect(items[0].binary?.data.mimeType).toBe(mimeType);
			expect(
				emu.control
					.requests({ api: 'fax', method: 'GET' })
					.map((request) => [request.path, request.accept]),
			).toEqual([
				['/v1/inboundfaxes', 'application/json'],
				[`/v1/inboundfaxes/${fax.FaxId}/image`, mimeType],
			]);
		},
	);
});
