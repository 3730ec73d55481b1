import { downloadFaxOperation } from '../common/downloadFax';

export const { description, execute } = downloadFaxOperation('inbound');
