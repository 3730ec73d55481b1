import { markFaxOperation } from '../common/deleteAndMark';

const operation = markFaxOperation('inbound', true);

export const description = operation.description;
export const execute = operation.execute;
