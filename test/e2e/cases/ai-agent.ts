/**
 * A whole AI Agent run in n8n, not the editor's Execute step on the tool: the agent asks its chat
 * model (a scripted server), which asks for the Fax Cloud tool with a Fax ID; n8n runs the node as
 * that tool against the emulator, and the final answer is made from what the tool returned. The
 * tool is as the editor makes it: n8n's description of the operation, the Fax ID from $fromAI().
 */
import { SEED_USERS } from '../../../emulator';
import { assert, jsonOf, onlyRequest } from '../lib/assert';
import { startScriptedModel, textOf, type ScriptedModel } from '../lib/scripted-model';
import { SCRIPTED_MODEL_CREDENTIAL } from '../../harness/environment';
import type { E2eCase } from '../lib/run-cases';

const TOOL_NODE = 'Get a received fax in Fax Cloud';

/** The scripted model this case's prepare started; its check closes it. */
let scripted: ScriptedModel | undefined;

export const aiAgentCases: E2eCase[] = [
	{
		title: 'AI agent: a chat model calls the Fax Cloud tool to look up a received fax',
		workflow: 'ai-agent-fax-lookup.json',
		async prepare(ctx) {
			const [fax] = ctx.emulator.control.injectInbound({
				userId: SEED_USERS.alice.userId,
				fields: { FaxStatus: 'recvOk', PagesReceived: '4', CallerNumber: '12125550187' },
			});
			const model = await startScriptedModel({
				tool: /fax/i,
				args: { Fax_ID: fax.FaxId },
				finalAnswer: (toolResult) => {
					// The tool answers with the node's output as JSON text (one record, or a list of one).
					const parsed = JSON.parse(toolResult) as
						| Record<string, unknown>
						| Array<Record<string, unknown>>;
					const record = Array.isArray(parsed) ? parsed[0] : parsed;
					return `Fax ${String(record.FaxId)} from ${String(record.CallerNumber)}: ${String(record.FaxStatus)}, ${String(record.PagesReceived)} pages.`;
				},
			});
			scripted = model;
			// As a user sets the Base URL of an OpenAI credential in the editor.
			await ctx.server.rest('PATCH', `/credentials/${SCRIPTED_MODEL_CREDENTIAL.id}`, {
				...SCRIPTED_MODEL_CREDENTIAL,
				type: 'openAiApi',
				data: { apiKey: 'scripted-no-key', url: model.url },
			});
			return { E2E_FAX_ID: fax.FaxId };
		},
		async check(result) {
			const model = scripted;
			assert.ok(model, 'the case started no scripted model');
			try {
				const fax = { FaxId: String(result.start().E2E_FAX_ID) };
				onlyRequest(result.requests, 'GET', `/v1/inboundfaxes/${fax.FaxId}`, SEED_USERS.alice);

				const [answer] = jsonOf(result.items('AI Agent'));
				assert.equal(
					answer.output,
					`Fax ${fax.FaxId} from 12125550187: recvOk, 4 pages.`,
					'the agent answers with what the tool read from the service',
				);

				// What the model was shown: the request that led to the tool call.
				assert.equal(model.requests.length, 2, 'one request for the tool call, one for the answer');
				const [first] = model.requests;
				assert.match(textOf(first.messages.at(-1)?.content), new RegExp(`fax ${fax.FaxId}`));
				const tools = first.tools ?? [];
				assert.equal(tools.length, 1, `tools offered: ${JSON.stringify(tools)}`);
				const tool = tools[0].function;
				assert.equal(tool.name, TOOL_NODE.replace(/[^a-zA-Z0-9_-]+/g, '_'));
				// n8n's description of a tool left on "Set Automatically": the operation's action text.
				assert.equal(tool.description, 'Get a received fax in Fax Cloud');
				assert.deepEqual(tool.parameters?.required, ['Fax_ID']);
				assert.equal(tool.parameters?.properties?.Fax_ID?.type, 'string');
				console.log(`        the model saw: ${JSON.stringify(tool)}`);
			} finally {
				scripted = undefined;
				await model.close();
			}
		},
	},
];
