import type * as AuthContract from '@cadenza/contract/auth';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

type AuthContractModule = typeof AuthContract;

// zod, the contract's schemas and the resolver are about 25 KB: the page paints without them.
const loadValidation = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('@cadenza/contract/auth')]);

/** Starts loading the form rules (on the form's first focus, so a submit rarely waits for them). */
export function preloadAuthValidation(): void {
  void loadValidation();
}

/**
 * A react-hook-form resolver over one of the contract's form schemas, which stay the one source
 * of the rules and messages. The schema is loaded with zod the first time the form validates
 * (its first submit), not with the page.
 */
export function authFormResolver<T extends FieldValues>(
  pickSchema: (contract: AuthContractModule) => ZodType<T, T>,
): Resolver<T> {
  let resolver: Resolver<T> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const [{ zodResolver }, contract] = await loadValidation();
      resolver = zodResolver(pickSchema(contract));
    }
    return resolver(values, context, options);
  };
}
