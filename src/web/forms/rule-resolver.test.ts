import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ruleResolver } from './rule-resolver.ts';

interface Values {
  name: string;
  choices: Record<string, string>;
}

const options = {} as ResolverOptions<Values>;

describe('ruleResolver', () => {
  it('puts a problem naming a path into a value under that path, where its field reads it', async () => {
    const resolve = ruleResolver<Values>(({ choices }) =>
      choices.main ? null : { field: 'choices.main', message: 'Please choose a main.' },
    );
    const answer = await resolve({ name: 'Ruth', choices: { main: '' } }, undefined, options);
    expect(answer.errors).toEqual({
      choices: { main: { type: 'rule', message: 'Please choose a main.' } },
    });
  });

  it('puts a problem naming no field on the form as a whole, and passes values with none', async () => {
    const resolve = ruleResolver<Values>(({ name }) =>
      name ? null : { field: null, message: 'Spam detected.' },
    );
    expect((await resolve({ name: '', choices: {} }, undefined, options)).errors).toEqual({
      root: { type: 'rule', message: 'Spam detected.' },
    });
    const values = { name: 'Ruth', choices: {} };
    expect(await resolve(values, undefined, options)).toEqual({ values, errors: {} });
  });
});
