import type { EmulatorContext } from '../context';
import type { ServiceHandler } from '../http/listener';
import type { NumberRequestStore } from './requests';

export function numbersHandler(ctx: EmulatorContext, store: NumberRequestStore): ServiceHandler {
	void ctx;
	void store;
	return () => ({ status: 404, json: { error: 'not_found' } });
}
