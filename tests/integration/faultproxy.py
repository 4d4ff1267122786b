"""A loopback HTTP proxy that injects faults in front of a real OpenAI-compatible server.

The test plans what the next requests to `/v1/chat/completions` meet, in order:

- `'pass'`                      forward to the server and return its answer (also what happens when the plan is empty)
- `('status', code, headers)`   answer `code` with a JSON error body and the given headers (e.g. Retry-After)
- `'drop'`                      close the connection without answering
- `('stall', seconds)`          wait, then close without answering (past the client's timeout)
- `'malformed'`                 answer 200 with a body that is not JSON
- `'truncated'`                 forward, then return only the first half of the server's JSON body

It records every request it saw (`seen`) and every request it forwarded to the server (`forwarded`), so a test can
prove how many model calls were really made. Plain threads and `http.server`, no extra dependencies.
"""
import http.client, json, socket, threading, time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse


class FaultProxy:
    def __init__(self, upstream: str):
        u = urlparse(upstream)
        self.host, self.port_up = u.hostname, u.port
        self.plan_q, self.lock = deque(), threading.Lock()
        self.seen, self.forwarded = [], []
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a): pass
            def do_GET(self): self._relay(b'', proxy.host)
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get('Content-Length') or 0))
                action = proxy.next_action() if self.path.endswith('/chat/completions') else 'pass'
                with proxy.lock: proxy.seen.append((action, _json(body)))
                kind = action if isinstance(action, str) else action[0]
                if kind == 'pass': return self._relay(body)
                if kind == 'status':
                    _, code, headers = (*action, {})[:3]
                    return self._send(code, json.dumps({'error': {'message': f'injected {code}', 'code': code}}).encode(), headers)
                if kind == 'drop': return self._drop()
                if kind == 'stall': time.sleep(action[1]); return self._drop()
                if kind == 'malformed': return self._send(200, b'{"id": "chatcmpl-x", "choices": [{"mess')
                if kind == 'truncated':
                    code, data = self._forward(body)
                    return self._send(code, data[:len(data) // 2])
                raise ValueError(f"unknown fault {action!r}")
            def _forward(self, body):
                with proxy.lock: proxy.forwarded.append(_json(body))
                c = http.client.HTTPConnection(proxy.host, proxy.port_up, timeout=600)
                c.request(self.command, self.path, body=body or None, headers={'Content-Type': 'application/json'})
                r = c.getresponse(); data = r.read(); c.close()
                return r.status, data
            def _relay(self, body, *_):
                if self.command == 'GET':
                    c = http.client.HTTPConnection(proxy.host, proxy.port_up, timeout=60)
                    c.request('GET', self.path); r = c.getresponse(); data = r.read(); c.close()
                    return self._send(r.status, data)
                code, data = self._forward(body)
                self._send(code, data)
            def _send(self, code, data, headers=None):
                try:
                    self.send_response(code)
                    self.send_header('Content-Type', 'application/json')
                    self.send_header('Content-Length', str(len(data)))
                    for k, v in (headers or {}).items(): self.send_header(k, v)
                    self.end_headers(); self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError): pass
            def _drop(self):
                self.close_connection = True
                try: self.connection.shutdown(socket.SHUT_RDWR)
                except OSError: pass

        self.server = ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str: return f'http://127.0.0.1:{self.port}/v1'
    def plan(self, *actions):
        with self.lock: self.plan_q.extend(actions)
    def next_action(self):
        with self.lock: return self.plan_q.popleft() if self.plan_q else 'pass'
    def close(self):
        self.server.shutdown(); self.server.server_close()


def _json(body: bytes):
    try: return json.loads(body) if body else None
    except ValueError: return None
