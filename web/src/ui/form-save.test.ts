import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { setServerFieldErrors } from './form-save.ts';

describe('setServerFieldErrors', () => {
  it('puts each field message of a 400 under its field, with or without the body. prefix', () => {
    const setError = vi.fn();
    setServerFieldErrors(new ApiError(400, 'BAD_REQUEST', 'jobNum: taken', { 'body.jobNum': 'taken', endDate: 'before start' }), setError);
    expect(setError.mock.calls).toEqual([
      ['jobNum', { message: 'taken' }],
      ['endDate', { message: 'before start' }],
    ]);
  });

  it('leaves the form alone for an error without field messages', () => {
    const setError = vi.fn();
    setServerFieldErrors(new ApiError(500, 'INTERNAL', 'An Error Occurred'), setError);
    setServerFieldErrors(new Error('network'), setError);
    expect(setError).not.toHaveBeenCalled();
  });
});
