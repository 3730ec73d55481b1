import fs from 'node:fs';
import path from 'node:path';

import { EVENTS } from '../../../nodes/FaxCloudTrigger/eventList';
import { triggerNode } from '../../harness/jest/trigger-kit';

/**
 * The event registry as the editor shows it: the Event dropdown offers every registered event,
 * each event's parameters appear for it alone, and events/ holds one file per event.
 */

test('the Event dropdown offers every registered event, sorted by name', () => {
	const event = triggerNode.description.properties.find(({ name }) => name === 'event');
	const options = (event?.options ?? []).map((option) => ('value' in option ? option : undefined));
	expect(options.map((option) => option?.value).sort()).toEqual(
		EVENTS.map(({ value }) => value).sort(),
	);
	const names = options.map((option) => option?.name ?? '');
	expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	expect(EVENTS.map(({ value }) => value)).toContain(event?.default);
});

test.each(EVENTS)('$value shows its parameters for itself only', (event) => {
	for (const property of event.properties) {
		expect(property.displayOptions?.show?.event).toEqual([event.value]);
	}
});

test('events/ holds one file per registered event, named for its value', () => {
	const files = fs
		.readdirSync(path.join(__dirname, '../../../nodes/FaxCloudTrigger/events'))
		.map((file) => file.replace(/\.ts$/, ''));
	expect(files.sort()).toEqual(EVENTS.map(({ value }) => value).sort());
});
