package dev.sno.mybatis.example;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.util.List;
import org.apache.ibatis.annotations.Param;

/** The XML mapper's interface (EventMapper.xml). */
public interface EventMapper {

    int insert(Event event);

    int insertAll(@Param("events") List<Event> events);

    int rename(Event event);

    Event find(@Param("id") SnoId id);

    List<Event> all();

    List<Event> within(@Param("range") SnoIdRange range);
}
