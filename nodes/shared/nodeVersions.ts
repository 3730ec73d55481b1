import type { IDisplayOptions, INode } from 'n8n-workflow';

/**
 * Versions of both nodes (Fax Cloud and Fax Cloud Trigger). Version 1 is the round-1 node: its parameters, defaults and outputs stay as they
 * were, because saved workflows hold its parameter values and expect its output. Version 2
 * changes shapes and defaults (pickers for ids, Simplify on, a Sort collection, several
 * statuses); a workflow keeps the version it was created with. A new node gets the highest.
 *
 * No `defaultVersion`: n8n (1.123 and 2.40) adds its "Custom API Call" option to Resource only when
 * `defaultVersion` is unset or equals `version`, which an array never does. Without that option
 * every Resource value belongs to one of the two credentials, so the editor takes Resource for
 * the node's authentication field and hides it from the panel.
 */
export const NODE_VERSIONS = [1, 2];

/** Shown only in version 1 nodes: parameters whose shape or default version 2 changed. */
export const ONLY_VERSION_1: IDisplayOptions = { show: { '@version': [1] } };

/** The `@version` condition of a parameter shown from version 2 on, to combine with others. */
export const VERSION_2_ON = [{ _cnd: { gte: 2 } }];

/** Shown from version 2 on. */
export const FROM_VERSION_2: IDisplayOptions = { show: { '@version': VERSION_2_ON } };

/** The version of the node being run: a node saved as version 1 keeps version 1 behaviour. */
export function nodeVersionOf(context: { getNode(): INode }): number {
	return context.getNode().typeVersion;
}
