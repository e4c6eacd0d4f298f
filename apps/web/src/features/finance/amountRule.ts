import type { FormRule } from 'antd';
import { translateKey } from '../../i18n';
import { amountIssue } from './money';

/**
 * An antd rule checking an amount typed for `currency` by the domain's rules (`amountProblem`, the
 * server's own), translated: the form says what the server would say before anything is sent.
 */
export const amountRule = (currency: string, check = amountIssue): FormRule => ({
  validator: async (_, value) => {
    const issue = check(String(value ?? ''), currency);
    if (issue) throw new Error(translateKey(issue.key, issue.params));
  },
});
