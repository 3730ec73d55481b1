import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { watchFromNow, watchTrigger, useTriggerEmulator, receive } from './triggerHelpers';
import { sendOutbound } from '../../harness/jest/trigger-kit';

const emu = useTriggerEmulator();

const onlySimplified = (direction: 'outbound' | 'inbound', json: object) =>
	Object.keys(json).every((key) => SIMPLIFIED_FAX_FIELDS[direction].includes(key));

describe('Fax Cloud Trigger version 2: Simplify', () => {
	test('a new inbound fax is emitted with the inbound field set by default', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' }, { typeVersion: 2 });
		emu.control.advance(60_000);
		receive(emu);
		emu.control.advance(60_000);
		const [item] = await trigger.pollItems();
		expect(onlySimplified('inbound', item.json)).toBe(true);
		expect(item.json).toMatchObject({ FaxUserId: 'alice@acme', FaxStatus: 'recvOk' });
		expect(item.json).toHaveProperty('CallerNumber');
	});

	test('an outbound status change is emitted with the outbound field set; off gives the whole record', async () => {
		const simple = watchTrigger(emu, { event: 'outboundFaxStatusChanged' }, { typeVersion: 2 });
		const whole = watchTrigger(
			emu,
			{ event: 'outboundFaxStatusChanged', simple: false },
			{ typeVersion: 2 },
		);
		await simple.poll();
		await whole.poll();
		const faxId = await sendOutbound(emu, 'alice');
		emu.control.advance(120_000);
		const [simpleItem] = await simple.pollItems();
		const [wholeItem] = await whole.pollItems();
		expect(simpleItem.json).toMatchObject({ FaxId: faxId, FaxStatus: 'sent' });
		expect(onlySimplified('outbound', simpleItem.json)).toBe(true);
		expect(wholeItem.json).toMatchObject({ FaxId: faxId, FaxStatus: 'sent' });
		expect(wholeItem.json).toHaveProperty('ImgHost');
	});

	test('a version 1 trigger keeps emitting the whole record', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		emu.control.advance(60_000);
		receive(emu);
		emu.control.advance(60_000);
		const [item] = await trigger.pollItems();
		expect(item.json).toHaveProperty('ImgHost');
	});
});
