package dev.sno.mybatis;

/** An interface between {@link Tag} and the marked getter of {@link Labelled}. */
public interface Tagged extends Labelled {
}
