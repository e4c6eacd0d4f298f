import { loadPasswordChecker, PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '@scaler/domain';
import type { FormRule } from 'antd';
import { translateKey } from '../../i18n';

/**
 * Starts loading the strength checker (zxcvbn-ts and its dictionaries, a chunk of its own) when the
 * user reaches a password field, so it is there by the time the form is checked. The login page never
 * needs it, so its first load stays small.
 */
export const preloadPasswordChecker = () => void loadPasswordChecker().catch(() => undefined);

/**
 * The strength half of the shared password rule (`passwordProblem`, the server's as well) for an antd
 * field; the form's zod rule reports an empty or short password. `userInputs` gives the e-mail and
 * name the password must not lean on.
 */
export function passwordStrengthRule(
  userInputs: (values: Record<string, unknown>) => string[] = () => [],
): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return;
      const checker = await loadPasswordChecker();
      const problem = passwordProblem(checker, value, userInputs(form.getFieldsValue(true)));
      if (problem) throw new Error(translateKey(problem));
    },
  });
}
