// Protocol input from the module's owner: Module.sendText(session, text) copies the text
// into the engine's memory on the heap and hands it to ccengine_send (session.cpp). Not
// ccall's copy, which goes on the stack: a line may be as long as the protocol takes
// (64 MiB), far more than the stack holds.
Module['sendText'] = function (session, text) {
  var size = lengthBytesUTF8(text) + 1;
  var bytes = _malloc(size);
  stringToUTF8(text, bytes, size);
  _ccengine_send(session, bytes);
  _free(bytes);
};
