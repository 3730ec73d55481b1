import { deleteFaxOperation } from '../common/deleteFax';

export const { description, execute } = deleteFaxOperation('outbound');
