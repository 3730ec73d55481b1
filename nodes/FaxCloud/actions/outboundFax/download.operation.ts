import { downloadFaxOperation } from '../common/download';

const operation = downloadFaxOperation('outbound');

export const description = operation.description;
export const execute = operation.execute;
