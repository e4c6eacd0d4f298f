// The domain's server messages in Chinese: a chunk of their own, loaded with the `errors` and `validation` strings.
export { MESSAGES_ZH_CN as default } from '@scaler/domain';
