import { expectEachOnce, inboundIds } from '../../harness/jest/ground-truth';
import { backlogOverAnHour, drain, watchFromNow, useTriggerEmulator } from './triggerHelpers';

/**
 * A search answer with HasMoreResults true and no ResultsReference: the rest cannot be read, so
 * the page is not the whole window.
 */

const emu = useTriggerEmulator();

describe('Fax Cloud Trigger: HasMoreResults without a ResultsReference', () => {
	test('the poll fails naming the answer and keeps its window; once the keys come back every fax is emitted once', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		backlogOverAnHour(emu, 'inbound', 300);
		const before = trigger.staticData();

		emu.control.setPagingKeys('withheld');
		await expect(trigger.poll()).rejects.toThrow(
			/GET \/inboundfaxes.*HasMoreResults is true but gives no ResultsReference/,
		);
		expect(trigger.staticData()).toEqual(before);

		emu.control.setPagingKeys('per-page');
		const emitted = (await drain(trigger)).flatMap(inboundIds);
		expect(emitted).toHaveLength(300);
		expectEachOnce(emitted, trigger.inboundSinceStart());
	});
});
