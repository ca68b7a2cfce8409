//! What the `with_<member>` setters of optional members accept: the value itself, or an
//! `Option` of it (so a value that may be absent needs no `if let`), and `&str` for text.

/// A value, or possibly no value, for an optional member of type `T`.
pub trait IntoOptional<T> {
    /// `None` leaves the member omitted.
    fn into_optional(self) -> Option<T>;
}

impl<T> IntoOptional<T> for T {
    fn into_optional(self) -> Option<T> {
        Some(self)
    }
}

impl<T> IntoOptional<T> for Option<T> {
    fn into_optional(self) -> Option<T> {
        self
    }
}

impl IntoOptional<String> for &str {
    fn into_optional(self) -> Option<String> {
        Some(self.to_owned())
    }
}

impl IntoOptional<String> for Option<&str> {
    fn into_optional(self) -> Option<String> {
        self.map(str::to_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::IntoOptional;

    fn set<V: IntoOptional<String>>(v: V) -> Option<String> {
        v.into_optional()
    }

    #[test]
    fn values_options_and_text_all_set_an_optional_member() {
        assert_eq!(set("a"), Some("a".to_owned()));
        assert_eq!(set("b".to_owned()), Some("b".to_owned()));
        assert_eq!(set(None::<&str>), None);
        assert_eq!(set(Some("c".to_owned())), Some("c".to_owned()));
        assert_eq!(IntoOptional::<u32>::into_optional(7u32), Some(7));
    }
}
