// The client's fs and terminal methods registered on the SDK's client app, each
// answered by our services (acp-client-tools.ts): a refusal, or a failure (a file
// system error such as EACCES), is thrown as the request's JSON-RPC error (-32603,
// internal error: what ACP clients answer a failed file or terminal request with)
// carrying our message. Part of the lazily loaded acp-client bundle: only
// acp-agent-process.ts imports it, as it needs the SDK at run time.
import { RequestError, type ClientApp } from '@agentclientprotocol/sdk';
import type { AcpClientServices, AcpServed } from './acp-client-tools';

/**
 * A served answer as the SDK sends it: the result, or a refusal (or a
 * failure: a file system error) thrown as a JSON-RPC error with its message.
 */
async function answered<T>(served: Promise<AcpServed<T>>): Promise<T> {
  const answer = await served.catch((error: unknown): AcpServed<T> => ({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
  }));
  if (answer.ok) return answer.result;
  throw new RequestError(-32603, answer.message);
}

export function serveClientTools(app: ClientApp, services: AcpClientServices): ClientApp {
  return app
    .onRequest('fs/read_text_file', ({ params }) => answered(services.readTextFile(params)))
    .onRequest('fs/write_text_file', ({ params, signal }) => answered(services.writeTextFile(params, signal)))
    .onRequest('terminal/create', ({ params, signal }) => answered(services.createTerminal(params, signal)))
    .onRequest('terminal/output', ({ params }) => answered(services.terminalOutput(params)))
    .onRequest('terminal/wait_for_exit', ({ params, signal }) => answered(services.waitForTerminalExit(params, signal)))
    .onRequest('terminal/kill', ({ params }) => answered(services.killTerminal(params)))
    .onRequest('terminal/release', ({ params }) => answered(services.releaseTerminal(params)));
}
