// Intentionally empty: this module only carries ICU's pkg-config flags and link libraries.
// ICU headers are included by Sources/CMoneyKitICU/*.c and nowhere else.
