/**
 * What a test opens for itself (a server, an emulator of its own options): the function returned
 * keeps it and gives it back, and it is closed after that test, passed or failed.
 */
export function closedAfterEach(): <T extends { close(): Promise<void> }>(opened: T) => T {
	const open: Array<{ close(): Promise<void> }> = [];
	afterEach(async () => {
		await Promise.all(open.splice(0).map((opened) => opened.close()));
	});
	return (opened) => {
		open.push(opened);
		return opened;
	};
}
