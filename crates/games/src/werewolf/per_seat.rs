//! `PerSeat`: one value a seat, for as many seats as the table has, kept inline (no heap),
//! so the events that carry one (a round's ballots, the roles at the end) cost nothing to
//! make or drop. Serialized as a plain list, as the fixed nine-seat arrays were.

use super::seat::MAX_SEATS;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;

/// Up to `MAX_SEATS` values, `items[i]` seat i+1's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PerSeat<T: Copy + Default> {
    len: u8,
    items: [T; MAX_SEATS],
}

impl<T: Copy + Default> PerSeat<T> {
    /// The first `values.len()` seats' values.
    ///
    /// # Panics
    /// When there are more values than any table has seats.
    pub fn from_slice(values: &[T]) -> PerSeat<T> {
        assert!(values.len() <= MAX_SEATS, "at most {MAX_SEATS} seats");
        let mut items = [T::default(); MAX_SEATS];
        items[..values.len()].copy_from_slice(values);
        PerSeat {
            len: values.len() as u8,
            items,
        }
    }
}

impl<T: Copy + Default> Deref for PerSeat<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy + Default + fmt::Debug> fmt::Debug for PerSeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default + Serialize> Serialize for PerSeat<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for item in self.iter() {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>> Deserialize<'de> for PerSeat<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Items<T>(PhantomData<T>);
        impl<'de, T: Copy + Default + Deserialize<'de>> Visitor<'de> for Items<T> {
            type Value = PerSeat<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {MAX_SEATS} values, one a seat")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PerSeat<T>, A::Error> {
                let mut items = [T::default(); MAX_SEATS];
                let mut len = 0;
                while let Some(item) = seq.next_element()? {
                    if len == MAX_SEATS {
                        return Err(A::Error::invalid_length(len + 1, &self));
                    }
                    items[len] = item;
                    len += 1;
                }
                Ok(PerSeat {
                    len: len as u8,
                    items,
                })
            }
        }
        deserializer.deserialize_seq(Items(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_reads_back_as_written_and_too_many_seats_are_refused() {
        let list = PerSeat::from_slice(&[1u8, 0, 3]);
        let json = serde_json::to_string(&list).unwrap();
        assert_eq!(json, "[1,0,3]");
        assert_eq!(serde_json::from_str::<PerSeat<u8>>(&json).unwrap(), list);
        let long = format!("[{}]", vec!["1"; MAX_SEATS + 1].join(","));
        let err = serde_json::from_str::<PerSeat<u8>>(&long).unwrap_err();
        assert!(err.to_string().contains("at most 16"), "{err}");
    }
}
