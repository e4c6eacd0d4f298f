export * from './accounts';
export * from './assets';
export * from './business-centers';
export * from './collaboration';
export * from './notices';
export * from './tracking';
