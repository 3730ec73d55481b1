import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	validateBoolean,
	validateChoice,
	validateId,
	validateInteger,
} from '../../../nodes/shared/validation/valueChecks';
import {
	validateCoverMessage,
	validatePriority,
	validateTsi,
} from '../../../nodes/shared/validation/sendFieldChecks';
import { validateDatetime } from '../../../nodes/shared/validation/datetimeCheck';
import { validateEmail, validateFaxNumber } from '../../../nodes/shared/validation/addressChecks';
import { ZONE_LESS_TIMES, ZONED_TIMES } from '../../harness/jest/workflow-times';

const context = { getNode: () => ({ name: 'Fax Cloud' }) as INode };

function failure(run: () => unknown): NodeOperationError {
	try {
		run();
	} catch (error) {
		if (error instanceof NodeOperationError) return error;
		throw error;
	}
	throw new Error('expected a NodeOperationError');
}

const refusal = (run: () => unknown) => failure(run).message;

// A value the fault suite's table (test/faults/bad-input.test.ts) refuses through the node, whole
// message and no request, is not refused here again: each class of bad value once.

describe('fax numbers', () => {
	test.each([
		['12125550100', '12125550100'],
		['1 (212) 555-0100', '12125550100'],
		['1.212.555.0100', '12125550100'],
		['+44 20 7123 4567', '+442071234567'],
		['+1-212-555-0100', '+12125550100'],
		[12125550100, '12125550100'],
	])('%p is accepted as %p', (value, expected) => {
		expect(validateFaxNumber(context, value, 'Fax Number')).toBe(expected);
	});

	test.each([
		['', /Invalid "Fax Number": a fax number is required/],
		['  ', /a fax number is required/],
		[undefined, /a fax number is required/],
		['+0123456789', /is not a fax number/],
		['12125550100x', /is not a fax number/],
		['1212555010', /is not a fax number/],
		['+44', /is not a fax number/],
		['abc', /is not a fax number; use 1 and 10 digits for US\/Canada/],
		['+44 20 7123 4567 8901 2', /is not a fax number/],
	])('%p is refused: %s', (value, message) => {
		expect(refusal(() => validateFaxNumber(context, value, 'Fax Number'))).toMatch(message);
	});
});

describe('datetimes', () => {
	const inZone = (timezone: string) => ({ ...context, getTimezone: () => timezone });
	const utc = inZone('UTC');

	test.each([
		['2026-01-05T09:30Z', '2026-01-05T09:30:00Z'],
		['2026-01-05T09:30:15Z', '2026-01-05T09:30:15Z'],
		['2026-01-05T09:30+01:00', '2026-01-05T08:30:00Z'],
		['2026-01-05T09:30-0500', '2026-01-05T14:30:00Z'],
		['2026-01-05T09:30:00.123Z', '2026-01-05T09:30:00Z'],
		['2026-01-05T09:30:00', '2026-01-05T09:30:00Z'],
		['2026-01-05 09:30', '2026-01-05T09:30:00Z'],
		['2028-02-29T09:30Z', '2028-02-29T09:30:00Z'],
		[new Date('2026-03-01T00:00:00Z'), '2026-03-01T00:00:00Z'],
		[{ toISO: () => '2026-03-01T10:00:00.000+02:00' }, '2026-03-01T08:00:00Z'],
	])('%p in a UTC workflow is sent as %p', (value, expected) => {
		expect(validateDatetime(utc, value, 'Send After')).toBe(expected);
	});

	test.each([
		...ZONE_LESS_TIMES,
		['America/New_York', '2026-07-15 09:00', '2026-07-15T13:00:00Z', 'a space for the T'],
		['Asia/Kolkata', '2026-11-24T09:00:00.000', '2026-11-24T03:30:00Z', 'milliseconds'],
	])('in %s, the zone-less %p is sent as %p (%s)', (timezone, value, expected) => {
		expect(validateDatetime(inZone(timezone), value, 'Send After')).toBe(expected);
	});

	test.each([
		...ZONED_TIMES,
		[new Date('2026-11-24T09:00:00Z'), '2026-11-24T09:00:00Z'],
		[{ toISO: () => '2026-11-24T09:00:00.000+05:30' }, '2026-11-24T03:30:00Z'],
	])('%p keeps its own zone whatever the workflow timezone', (value, expected) => {
		for (const timezone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Not/AZone']) {
			expect(validateDatetime(inZone(timezone), value, 'Send After')).toBe(expected);
		}
	});

	test.each([
		['Mars/Olympus_Mons', 'the workflow\'s timezone "Mars/Olympus_Mons" is unknown'],
		['', 'the workflow has no timezone'],
		['   ', 'the workflow has no timezone'],
	])(
		'a zone-less value in a workflow whose timezone is %p is refused, not read as UTC',
		(zone, why) => {
			expect(
				refusal(() => validateDatetime(inZone(zone), '2026-11-24T09:00:00', 'Send After')),
			).toBe(
				`Invalid "Send After": "2026-11-24T09:00:00" has no timezone and ${why}; add Z or an offset such as +01:00, or choose a timezone in the workflow settings`,
			);
		},
	);

	const badDays = ['2026-13-05T09:30Z'];
	const badTimes = ['2026-02-29T09:30', '2026-01-05T24:30Z', '2026-01-05T09:60Z'];
	const badZones = ['2026-01-05T09:30EST', '2026-01-05T09:30+24:00'];
	const notTexts = [new Date('nonsense'), { toISO: () => null }, '', 42];
	test.each([...badDays, ...badTimes, ...badZones, ...notTexts])('%p is refused', (value) => {
		expect(
			refusal(() => validateDatetime(inZone('America/New_York'), value, 'Send After')),
		).toMatch(/^Invalid "Send After": .* use a date and time such as 2026-01-05T09:30Z/);
	});

	test('hour 24 is refused, not read as midnight of the next day', () => {
		expect(refusal(() => validateDatetime(inZone('UTC'), '2026-01-05T24:00Z', 'Send After'))).toBe(
			'Invalid "Send After": "2026-01-05T24:00Z" is not a valid date; use a date and time such as 2026-01-05T09:30Z or 2026-01-05T09:30:00+01:00',
		);
	});
});

describe('ids', () => {
	test.each([
		['1', '1'],
		['1234', '1234'],
		[' 77 ', '77'],
		[42, '42'],
		['007', '7'],
	])('%p is accepted as %p', (value, expected) => {
		expect(validateId(context, value, 'Fax ID')).toBe(expected);
	});

	const notIds = ['2/image', '', '1e3', 0, -3, 1.5, null];
	const tooBig = '12345678901234567890';
	test.each([...notIds, tooBig])('%p is refused, so it cannot change a request path', (value) => {
		expect(refusal(() => validateId(context, value, 'Fax ID'))).toMatch(
			/^Invalid "Fax ID": .* is not an ID; use a whole number greater than 0/,
		);
	});

	test.each([[''], ['   '], [undefined], [null]])(
		'%p is refused as an empty value, not as quotes around nothing',
		(value) => {
			expect(refusal(() => validateId(context, value, 'Fax ID'))).toBe(
				'Invalid "Fax ID": an empty value is not an ID; use a whole number greater than 0, e.g. 1234',
			);
		},
	);

	test('18 digits, the most the Fax ID picker takes, are an ID; 19 are refused', () => {
		expect(validateId(context, '123456789012345678', 'Fax ID')).toBe('123456789012345678');
		expect(refusal(() => validateId(context, '1234567890123456789', 'Fax ID'))).toMatch(
			/^Invalid "Fax ID": "1234567890123456789" is not an ID/,
		);
	});
});

describe('numbers and booleans', () => {
	test.each([
		[3, { min: 0 }, 3],
		['5', { min: 1, max: 10 }, 5],
		[0, { min: 0, max: 10 }, 0],
	])('%p within %p is %p', (value, range, expected) => {
		expect(validateInteger(context, value, 'Retry Count', range)).toBe(expected);
	});

	test.each([
		[-1, { min: 0 }, /use a whole number from 0 or more/],
		['x', { min: 1 }, /use a whole number from 1 or more/],
	])('%p within %p is refused', (value, range, message) => {
		expect(refusal(() => validateInteger(context, value, 'Retry Count', range))).toMatch(message);
	});

	test.each([0, 10, '7'])('priority %p is accepted', (value) => {
		expect(validatePriority(context, value, 'Priority')).toBe(Number(value));
	});

	test.each([-1, 3.5])('priority %p is refused', (value) => {
		expect(refusal(() => validatePriority(context, value, 'Priority'))).toMatch(
			/^Invalid "Priority": .* use a whole number from 0 to 10/,
		);
	});

	test.each([
		[true, true],
		['false', false],
	])('boolean %p is %p', (value, expected) => {
		expect(validateBoolean(context, value, 'Mark')).toBe(expected);
	});

	test.each([1, undefined])('boolean %p is refused', (value) => {
		expect(refusal(() => validateBoolean(context, value, 'Mark'))).toMatch(/use true or false/);
	});
});

describe('documented limits', () => {
	const line = (length: number) => 'x'.repeat(length);

	test('a cover message of 12 lines of 128 characters is accepted', () => {
		const message = Array.from({ length: 12 }, () => line(128)).join('\n');
		expect(validateCoverMessage(context, message, 'Cover Message')).toBe(message);
	});

	test('a 13th line is refused', () => {
		const message = Array.from({ length: 13 }, () => 'hi').join('\r\n');
		expect(refusal(() => validateCoverMessage(context, message, 'Cover Message'))).toBe(
			'Invalid "Cover Message": has 13 lines; at most 12 lines are allowed',
		);
	});

	test('a TSI of 20 characters is accepted, 21 refused', () => {
		expect(validateTsi(context, line(20), 'TSI')).toBe(line(20));
		expect(refusal(() => validateTsi(context, line(21), 'TSI'))).toBe(
			'Invalid "TSI": has 21 characters; at most 20 are allowed',
		);
	});
});

describe('choices and e-mail addresses', () => {
	test('a listed choice passes, another is refused with the list', () => {
		expect(validateChoice(context, 'pdf', 'Format', ['tif', 'pdf'])).toBe('pdf');
		expect(refusal(() => validateChoice(context, 'png', 'Format', ['tif', 'pdf']))).toBe(
			'Invalid "Format": "png" is not allowed; use one of tif, pdf',
		);
	});

	test.each(['ops@example.com', ' a.b+c@d.co '])('%p is an e-mail address', (value) => {
		expect(validateEmail(context, value, 'Notify Email')).toBe(value.trim());
	});

	test.each(['a@b', 'a b@c.com', ''])('%p is refused', (value) => {
		expect(refusal(() => validateEmail(context, value, 'Notify Email'))).toMatch(
			/^Invalid "Notify Email": .* is not an e-mail address/,
		);
	});
});

test('errors carry the item index so n8n names the item', () => {
	const error = failure(() => validateFaxNumber(context, 'nope', 'Fax Number', 4));
	expect(error.context.itemIndex).toBe(4);
});
