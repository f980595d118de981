import { describe, expect, it } from 'vitest';
import { ApiProblem } from './problem';

describe('ApiProblem', () => {
  it('carries the problem+json fields', () => {
    const problem = ApiProblem.fromBody(400, {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'invalid_parameter',
      message_key: 'problem.invalid_parameter',
      parameter: 'per_page',
    });
    expect(problem).toBeInstanceOf(Error);
    expect([problem.status, problem.code, problem.message_key, problem.parameter]).toEqual([
      400,
      'invalid_parameter',
      'problem.invalid_parameter',
      'per_page',
    ]);
  });

  it('turns an answer that is not problem+json into an internal problem with the HTTP status', () => {
    const problem = ApiProblem.fromBody(502, '<html>Bad gateway</html>');
    expect([problem.status, problem.code, problem.message_key]).toEqual([502, 'internal', 'problem.internal']);
  });

  it('reads the body of a Response', async () => {
    const response = new Response(JSON.stringify({ status: 404, code: 'not_found', message_key: 'problem.not_found' }), {
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
    });
    const problem = await ApiProblem.fromResponse(response);
    expect([problem.status, problem.code]).toEqual([404, 'not_found']);
  });
});
