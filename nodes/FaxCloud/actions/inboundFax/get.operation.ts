import { getFaxOperation } from '../common/get';

const operation = getFaxOperation('inbound');

export const description = operation.description;
export const execute = operation.execute;
