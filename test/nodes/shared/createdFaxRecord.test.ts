import { normalizeCreatedFax } from '../../../nodes/shared/recordFieldTypes';

/** The record a Send or Resend outputs for each created fax: ids as numbers, the number as sent. */

test('string ids become numbers; the group is added only when the answer or the send names one', () => {
	expect(normalizeCreatedFax({ FaxId: '1001', FaxNumber: '+15550100', GroupId: '1001' })).toEqual({
		FaxId: 1001,
		FaxNumber: '+15550100',
		GroupId: 1001,
	});
	const resent = normalizeCreatedFax({ FaxId: ' 77 ', FaxNumber: '+15550101' });
	expect(resent).toEqual({ FaxId: 77, FaxNumber: '+15550101' });
	expect(Object.keys(resent)).toEqual(['FaxId', 'FaxNumber']);
});

test('an id that is not a number stays as the service wrote it, so nothing is lost', () => {
	expect(normalizeCreatedFax({ FaxId: 'F-12', FaxNumber: '+15550102', GroupId: '' })).toEqual({
		FaxId: 'F-12',
		FaxNumber: '+15550102',
		GroupId: '',
	});
});
