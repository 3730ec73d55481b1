import { markFaxOperation } from '../common/markFax';

export const { description, execute } = markFaxOperation('inbound', 'unmark');
