import type { IExecuteFunctions, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

/**
 * A parameter's value for one item, asked of n8n once per run when the parameter holds no
 * expression: its value is then the same for every item, while n8n's getNodeParameter copies,
 * resolves and checks it again on each call (a bulk send reads five parameters per item, and
 * that was a tenth of the node's own time per send). A value read once is frozen, so code that
 * would change it for one item fails instead of changing it for the next.
 */

interface RunValues {
	parameters: INodeParameters;
	values: Map<string, unknown>;
}

/** Keyed by the run's execute context: n8n makes one per run of a node. */
const runs = new WeakMap<object, RunValues>();

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object') {
		return Object.values(value).some(holdsExpression);
	}
	return false;
}

function frozen<T>(value: T): T {
	if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
		for (const inner of Object.values(value)) frozen(inner);
		Object.freeze(value);
	}
	return value;
}

/** `getNodeParameter(name, itemIndex, fallback)`, once per run for a value without expressions. */
export function readItemParameter(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback: NodeParameterValueType | object,
): unknown {
	let run = runs.get(this);
	if (!run) {
		run = { parameters: this.getNode().parameters, values: new Map() };
		runs.set(this, run);
	}
	if (run.values.has(name)) return run.values.get(name);
	const value = this.getNodeParameter(name, itemIndex, fallback);
	// A parameter the workflow leaves out has its default, the same for every item too.
	if (!holdsExpression(run.parameters[name])) {
		run.values.set(name, frozen(value));
	}
	return value;
}
