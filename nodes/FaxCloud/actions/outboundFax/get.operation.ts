import { getFaxOperation } from '../common/get';

const operation = getFaxOperation('outbound');

export const description = operation.description;
export const execute = operation.execute;
