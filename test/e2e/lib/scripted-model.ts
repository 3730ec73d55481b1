/**
 * A chat model for n8n's AI Agent without a network: a local server speaking enough of OpenAI's
 * chat completions API (with tools) for the OpenAI Chat Model node, whose Base URL points here. Its
 * script: until a tool result is there, call the tool matching `tool` with `args`; then answer
 * `finalAnswer(result)`. Every request is kept, so a test can read the tools the model was shown.
 */
import http from 'node:http';

import { listenLocal } from '../../harness/ports';

export type ScriptedModel = Awaited<ReturnType<typeof startScriptedModel>>;

interface ChatMessage {
	role: string;
	content?: string | Array<{ type: string; text?: string }> | null;
}

/** A tool as the model is shown it: its name, description and parameter schema. */
interface ToolShown {
	name: string;
	description?: string;
	parameters?: {
		properties?: Record<string, { type?: string; description?: string }>;
		required?: string[];
	};
}

interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: Array<{ type: 'function'; function: ToolShown }>;
	stream?: boolean;
}

interface ModelScript {
	/** Which offered tool to call: the first whose name matches. */
	tool: RegExp;
	args: Record<string, unknown>;
	/** The final answer, from the tool's result as the agent handed it back (text). */
	finalAnswer(toolResult: string): string;
}

type ToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
type AssistantMessage = { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] };

export function textOf(content: ChatMessage['content']): string {
	if (typeof content === 'string') return content;
	return (content ?? []).map((part) => part.text ?? '').join('');
}

let callCount = 0;
const nextId = () => `scripted${++callCount}`;
const USAGE = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };

/** The model's server: `url` is the Base URL for n8n's OpenAI credential (ends in /v1). */
export async function startScriptedModel(script: ModelScript) {
	const requests: ChatRequest[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
				res.writeHead(404, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${req.url}` } }));
				return;
			}
			const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
			requests.push(request);
			answer(res, request, nextMessage(request, script));
		});
	});
	const { url, close } = await listenLocal(server);
	// The suite ends with process.exit; an open model server must not keep it alive before that.
	server.unref();
	return { url: `${url}/v1`, requests, close };
}

function nextMessage(request: ChatRequest, script: ModelScript): AssistantMessage {
	const toolResult = request.messages.find((m) => m.role === 'tool');
	if (toolResult)
		return { role: 'assistant', content: script.finalAnswer(textOf(toolResult.content)) };
	const offered = (request.tools ?? []).map((t) => t.function.name);
	const tool = offered.find((name) => script.tool.test(name));
	if (!tool) {
		return {
			role: 'assistant',
			content: `No tool matching ${script.tool} among: ${offered.join(', ')}`,
		};
	}
	const call = { name: tool, arguments: JSON.stringify(script.args) };
	return {
		role: 'assistant',
		content: null,
		tool_calls: [{ id: `call_${nextId()}`, type: 'function', function: call }],
	};
}

/**
 * The message as one completion. No release under test asks to stream (n8n 2.41.1, 2.40.7 and
 * 1.123.81 checked): a client that does gets a 400, so its case fails, not hangs.
 */
function answer(res: http.ServerResponse, request: ChatRequest, message: AssistantMessage): void {
	if (request.stream) {
		res.writeHead(400, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ error: { message: 'the scripted model does not stream' } }));
		return;
	}
	const finish_reason = message.tool_calls ? 'tool_calls' : 'stop';
	res.writeHead(200, { 'content-type': 'application/json' });
	res.end(
		JSON.stringify({
			id: `chatcmpl-${nextId()}`,
			created: Math.floor(Date.now() / 1000),
			model: request.model,
			object: 'chat.completion',
			choices: [{ index: 0, message, finish_reason }],
			usage: USAGE,
		}),
	);
}
