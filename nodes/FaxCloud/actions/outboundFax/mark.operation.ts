import { markFaxOperation } from '../common/markFax';

export const { description, execute } = markFaxOperation('outbound', 'mark');
