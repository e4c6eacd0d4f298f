export * from './accounts';
export * from './business-centers';
export * from './notices';
