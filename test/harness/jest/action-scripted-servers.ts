import { closedAfterEach } from './closedAfterEach';
import { startScriptedServer, type ScriptedAnswer } from './scripted-server';

/**
 * Scripted servers for one test file, each closed after the test that started it: the suites of
 * the credentials and the transport start several per test and must not leave one listening.
 */
export function useScriptedServers() {
	const keep = closedAfterEach();
	return async (answer: ScriptedAnswer) => keep(await startScriptedServer(answer));
}
