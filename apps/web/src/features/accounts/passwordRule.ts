import { lightPasswordChecker, PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '@scaler/domain';
import type { FormRule } from 'antd';
import { translateKey } from '../../i18n';

/**
 * The strength half of the shared password rule for an antd field, with the browser's light checker
 * (`lightPasswordChecker`: obvious passwords are refused at once, without the 840 kB of zxcvbn's
 * dictionaries). The server applies the full rule (`passwordProblem` with zxcvbn) and has the last
 * word: its refusal comes back as the field's error (`serverFieldErrors`). The form's zod rule reports
 * an empty or short password. `userInputs` gives the e-mail and name the password must not lean on.
 */
export function passwordStrengthRule(
  userInputs: (values: Record<string, unknown>) => string[] = () => [],
): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return;
      const problem = passwordProblem(lightPasswordChecker, value, userInputs(form.getFieldsValue(true)));
      if (problem) throw new Error(translateKey(problem));
    },
  });
}
