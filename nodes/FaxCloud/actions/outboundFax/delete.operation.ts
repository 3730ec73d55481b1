import { deleteFaxOperation } from '../common/deleteAndMark';

const operation = deleteFaxOperation('outbound');

export const description = operation.description;
export const execute = operation.execute;
