// The package for require(): the same engine as index.mjs, which it loads on the first
// createEngine() (a CommonJS file may import an ES module only asynchronously, and
// createEngine() is asynchronous anyway).
'use strict';

exports.createEngine = (...options) => import('./index.mjs').then((api) => api.createEngine(...options));
