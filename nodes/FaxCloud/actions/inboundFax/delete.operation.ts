import { deleteFaxOperation } from '../common/deleteAndMark';

const operation = deleteFaxOperation('inbound');

export const description = operation.description;
export const execute = operation.execute;
