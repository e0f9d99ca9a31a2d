// What the engine's output pipe calls on the runtime's main thread (output_pipe.cpp):
// the module's owner sets Module.onLine(text) and Module.onClosed().
mergeInto(LibraryManager.library, {
  ccengineLine: function (text) {
    Module['onLine'](UTF8ToString(text));
  },
  ccengineClosed: function () {
    Module['onClosed']();
  },
});
