import { downloadFaxOperation } from '../common/download';

const operation = downloadFaxOperation('inbound');

export const description = operation.description;
export const execute = operation.execute;
