import type { IDataObject } from 'n8n-workflow';

import {
	itemNotesOf,
	notedBefore,
	noteItem,
} from '../../../../nodes/FaxCloud/actions/common/itemNotes';
import { lineageOfRun } from '../faxCloudExpect';

/**
 * Resend, number requests and mail merge Create note what each item made in the node context,
 * per run index: a node in a loop (Loop Over Items) runs once per turn in one execution, and a
 * Retry of the execution must find, for the turn it repeats, what that turn made. The runs are
 * given as n8n gives them (lineageOfRun).
 */
const turn = (nodeContext: IDataObject, runIndex: number, mode: 'manual' | 'retry') =>
	itemNotesOf(lineageOfRun(nodeContext, runIndex, mode), 'faxCloudResends');

test('a node in a loop keeps each turn apart: a Retry of a turn finds only what that turn made', () => {
	const nodeContext: IDataObject = {};
	const first = turn(nodeContext, 0, 'manual');
	noteItem(first, 0, { FaxId: 11 });
	noteItem(first, 1, { FaxId: 12 });
	// The second turn's items are new ones at the same item indexes: nothing of the first applies.
	const second = turn(nodeContext, 1, 'manual');
	expect(notedBefore(second, 0)).toBeUndefined();
	noteItem(second, 0, { FaxId: 21 });

	const retried = structuredClone(nodeContext);
	expect(notedBefore(turn(retried, 0, 'retry'), 1)).toEqual({ FaxId: 12 });
	const secondAgain = turn(retried, 1, 'retry');
	expect([0, 1].map((item) => notedBefore(secondAgain, item))).toEqual([{ FaxId: 21 }, undefined]);
	expect(notedBefore(turn(retried, 2, 'retry'), 0)).toBeUndefined();
});
