#pragma once
// A value or an error message (std::expected arrives only with C++23), and Expected<void>
// for "done, or why not": every parser and setter of the project returns one of the two,
// so a caller can tell the convention from the type.

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace cc {

struct Error {
    std::string message;
};

template <typename T>
class [[nodiscard]] Expected {
  public:
    Expected(T value) : state_(std::move(value)) {}      // NOLINT: implicit by design
    Expected(Error error) : state_(std::move(error)) {}  // NOLINT: implicit by design

    [[nodiscard]] bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(state_); }
    const T& value() const { return std::get<0>(state_); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    [[nodiscard]] const std::string& error() const { return std::get<1>(state_).message; }

  private:
    std::variant<T, Error> state_;
};

// Nothing on success, or the error message: `return {};` or `return Error{...};`.
// (Not named Status: that is the game's state in core/position.h.)
template <>
class [[nodiscard]] Expected<void> {
  public:
    Expected() = default;
    Expected(Error error) : error_(std::move(error.message)) {}  // NOLINT: implicit by design

    [[nodiscard]] bool ok() const { return !error_.has_value(); }
    explicit operator bool() const { return ok(); }
    [[nodiscard]] const std::string& error() const { return *error_; }

  private:
    std::optional<std::string> error_;
};

}  // namespace cc
