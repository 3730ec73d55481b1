import type { IDataObject } from 'n8n-workflow';

import type { Lineage } from './lineage';

/**
 * What each item of a run made, noted in the node context: n8n stores it with the execution and
 * copies it into a Retry (see lineage.ts), and Retry On Fail's later try sees it too. It serves the
 * operations whose results a Retry cannot find on the service by itself: a resend deletes the fax
 * it resends, a number request is a ticket the service does not list, and jobs of the same lines
 * look alike. Notes are kept per run index (a node in a loop runs several times) and per item.
 */
export interface ItemNotes {
	lineage: Lineage;
	/** The node context entry the operation keeps its notes in. */
	entry: string;
	/** Per item index, what the item made in this run or in the runs it repeats. */
	made: Record<string, IDataObject>;
}

export function itemNotesOf(lineage: Lineage, entry: string): ItemNotes {
	const noted = (lineage.nodeContext[entry] ?? {}) as Record<string, unknown>;
	const forRun = noted[String(lineage.runIndex)];
	const made: Record<string, IDataObject> = {};
	if (typeof forRun === 'object' && forRun !== null) {
		for (const [item, value] of Object.entries(forRun)) {
			if (typeof value === 'object' && value !== null) made[item] = value as IDataObject;
		}
	}
	return { lineage, entry, made };
}

/** What the item made before, when this run repeats one (n8n's Retry, Retry On Fail). */
export function notedBefore(notes: ItemNotes, itemIndex: number): IDataObject | undefined {
	return notes.lineage.rerun ? notes.made[String(itemIndex)] : undefined;
}

function store(notes: ItemNotes) {
	const noted = (notes.lineage.nodeContext[notes.entry] ?? {}) as Record<string, unknown>;
	notes.lineage.nodeContext[notes.entry] = {
		...noted,
		[String(notes.lineage.runIndex)]: { ...notes.made },
	};
}

/** Notes what the item made (plain JSON: it is stored with the execution). */
export function noteItem(notes: ItemNotes, itemIndex: number, made: IDataObject) {
	notes.made[String(itemIndex)] = made;
	store(notes);
}

/** Forgets the item's note: what it was about to make was not made. */
export function forgetItem(notes: ItemNotes, itemIndex: number) {
	delete notes.made[String(itemIndex)];
	store(notes);
}
