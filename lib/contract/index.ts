export * from './categories';
export * from './common';
export * from './events';
export * from './login';
export * from './params';
export * from './records';
export * from './search';
export * from './towns';
