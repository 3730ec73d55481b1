import { getFaxOperation } from '../common/getFax';

export const { description, execute } = getFaxOperation('inbound');
