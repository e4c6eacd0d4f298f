// The domain's server messages in English: a chunk of their own, loaded with the `errors` and `validation` strings.
export { MESSAGES_EN_US as default } from '@scaler/domain';
