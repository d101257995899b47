//! `serde` forms (the `serde` feature) that are not derived: a [`Wdl`] is
//! its name (`"win"`, `"draw"`, `"loss"`), the word its `Display` writes.
//! `Score` goes through its `ScoreKind`, `OracleValue` is derived.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Wdl;

impl Serialize for Wdl {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Wdl {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Wdl, D::Error> {
        let name = String::deserialize(d)?;
        Wdl::ALL
            .into_iter()
            .find(|w| w.name() == name)
            .ok_or_else(|| {
                D::Error::custom(format!(
                    "unknown value `{name}`: expected win, draw or loss"
                ))
            })
    }
}
