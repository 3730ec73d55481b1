import { markFaxOperation } from '../common/deleteAndMark';

const operation = markFaxOperation('inbound', false);

export const description = operation.description;
export const execute = operation.execute;
